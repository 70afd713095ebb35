export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** Settings the browser needs before anything else (city name in headers and footer, demo mode). */
export interface PublicConfig {
  cityName: string;
  demoMode: boolean;
  /** Present only in demo mode, never in production. */
  demoAccounts: DemoAccount[];
}
