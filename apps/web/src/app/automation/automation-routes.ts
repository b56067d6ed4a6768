/** The incidents page: `/alerts` (the service itself is below `/automation/`, where the proxy sends it). */
export const INCIDENTS_PATH = '/alerts';
/** The rules page. */
export const RULES_PATH = '/alerts/rules';
/** The fermentation profiles page. */
export const PROFILES_PATH = '/alerts/profiles';
