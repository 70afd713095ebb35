/** Where a signed-in user goes when the role may not open a page (the server answers it with 403). */
export const FORBIDDEN_PATH = "/tidak-punya-akses";
