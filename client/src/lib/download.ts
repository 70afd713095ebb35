/** Saves a file the server sent as base64 (exports are tRPC mutations, so they arrive as JSON). */
export function downloadFile(file: { filename: string; mimeType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  link.click();
  URL.revokeObjectURL(url);
}
