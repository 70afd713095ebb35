export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** The PKK secretariat's contacts in the footer; phone and e-mail are null when not configured. */
export interface PublicContact {
  address: string;
  phone: string | null;
  email: string | null;
}

/** Settings the browser needs before anything else (city name in headers and footer, demo mode). */
export interface PublicConfig {
  cityName: string;
  demoMode: boolean;
  /** Present only in demo mode, never in production. */
  demoAccounts: DemoAccount[];
  contact: PublicContact;
  /** The landing page's floating player (AUDIO_URL, AUDIO_TITLE). */
  audio: { url: string; title: string };
  /** The maps' tile layer (MAP_TILE_URL); null draws the polygons on a plain background. */
  mapTiles: { url: string; attribution: string } | null;
}
