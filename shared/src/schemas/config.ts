/** Settings the browser needs before anything else (city name in headers and footer, demo mode). */
export interface PublicConfig {
  cityName: string;
  demoMode: boolean;
}
