import { z } from "zod";

// The login form's own fields (the captcha is typed as text and sent as a number). Kept out of the
// route file: a schema built at a route module's top level would ride in every page's first load.
export const loginForm = z.object({
  email: z.string().trim().email("Format email tidak valid"),
  password: z.string().min(1, "Password harus diisi"),
  rememberMe: z.boolean(),
  captchaAnswer: z.string().trim().regex(/^\d+$/, "Jawaban penjumlahan salah"),
});
export type LoginForm = z.infer<typeof loginForm>;
