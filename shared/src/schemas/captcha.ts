import { z } from "./zod.ts";

/** sum: login and cadre form; family: family form (+/-); search: status search (+, -, ×). */
export const captchaKinds = ["sum", "family", "search"] as const;
export type CaptchaKind = (typeof captchaKinds)[number];

export function isCaptchaKind(value: string): value is CaptchaKind {
  return (captchaKinds as readonly string[]).includes(value);
}

export const captchaIssueInput = z.object({ kind: z.enum(captchaKinds) });

export interface CaptchaChallenge {
  token: string;
  question: string;
  expiresAt: string;
}

/** What a form sends back: the token it was given and the typed answer. */
export const captchaAnswerSchema = z.object({
  token: z.string().min(1),
  answer: z.number().int(),
});
export type CaptchaAnswer = z.infer<typeof captchaAnswerSchema>;

/** A live right/wrong hint while typing (does not use the captcha up; the final submit does). */
export const captchaCheckInput = captchaAnswerSchema.extend({ kind: z.enum(captchaKinds) });
