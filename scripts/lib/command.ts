// An operator command's failure, told as one line ("error: …", exit 1): the reason is what the
// operator acts on (stop the portal, free the disk, fix the path); Bun's default printed the
// source lines around the throw and a stack trace first.
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    failInOneLine(error);
  }
}

/** Ends the command with its failure's reason alone (a `.catch` of one step of a longer script). */
export function failInOneLine(error: unknown): never {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
