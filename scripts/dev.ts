export {};
// `npm run dev`: the server with --watch and Vite's dev server (hot reload) proxying /trpc and /api to it.
const server = Bun.spawn(["bun", "--watch", "server/src/index.ts"], { stdout: "inherit", stderr: "inherit" });
const client = Bun.spawn(["vite", "--config", "client/vite.config.ts"], { stdout: "inherit", stderr: "inherit" });
const stop = () => {
  server.kill();
  client.kill();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await Promise.race([server.exited, client.exited]);
stop();
