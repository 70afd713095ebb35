import { describe, expect, test } from "bun:test";
import { callerFor, useTestApp } from "../../../test/helpers.ts";

describe("config.public", () => {
  describe("without contact settings", () => {
    const t = useTestApp({ seed: false });

    test("names the configured city's PKK secretariat and the generated instrumental", async () => {
      const config = await callerFor(t).config.public();
      expect(config.contact).toEqual({
        address: "Sekretariat Tim Penggerak PKK Kota Bekasi",
        phone: null,
        email: null,
      });
      expect(config.audio).toEqual({ url: "/media/mars-pkk.wav", title: "Instrumental Mars Portal PKK" });
    });
  });

  describe("with CONTACT_* and AUDIO_* set", () => {
    const t = useTestApp({
      seed: false,
      env: {
        CONTACT_ADDRESS: "Jl. Contoh No. 1, Bekasi",
        CONTACT_PHONE: "(021) 555 0101",
        CONTACT_EMAIL: "tppkk@contoh.go.id",
        AUDIO_URL: "https://media.contoh.go.id/mars-pkk.mp3",
        AUDIO_TITLE: "Mars PKK",
      },
    });

    test("passes them to the browser", async () => {
      const config = await callerFor(t).config.public();
      expect(config.contact).toEqual({
        address: "Jl. Contoh No. 1, Bekasi",
        phone: "(021) 555 0101",
        email: "tppkk@contoh.go.id",
      });
      expect(config.audio).toEqual({ url: "https://media.contoh.go.id/mars-pkk.mp3", title: "Mars PKK" });
    });
  });
});
