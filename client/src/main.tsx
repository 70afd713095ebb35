import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { restoreServerClock } from "./lib/server-clock.ts";
import { queryClient } from "./lib/trpc.ts";
import { createAppRouter } from "./router.tsx";
import "./styles.css";

restoreServerClock();
const router = createAppRouter();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
