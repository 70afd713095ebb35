import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Checked once colour transitions have ended, as a person sees the page: a button fading from its
  // disabled colours (the captcha's 'Muat ulang soal' once its question arrives) measures low
  // contrast for the 0.2 s the fade takes. The wait is bounded: a transition still running after
  // 3 s is no fade, and an unbounded wait hung a dialog test until its 1-minute timeout in CI.
  await page.evaluate(async () => {
    const deadline = Date.now() + 3_000;
    const timeLeft = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
    for (;;) {
      const running = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition && animation.playState === "running");
      if (running.length === 0 || Date.now() >= deadline) return;
      await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), timeLeft()]);
    }
  });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(blocking, "serious or critical accessibility violations").toEqual([]);
}

/** Fails when the page scrolls sideways (the 360 px phone check). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}
