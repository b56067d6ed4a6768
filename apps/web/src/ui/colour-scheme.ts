import { useEffect, useState } from 'preact/hooks';

export type ColourScheme = 'light' | 'dark';

const DARK = '(prefers-color-scheme: dark)';

/** The scheme the system asks for now, kept current: a wall tablet may turn dark at sunset. */
export function useColourScheme(): ColourScheme {
  const [scheme, setScheme] = useState(currentScheme);
  useEffect(() => {
    const query = window.matchMedia(DARK);
    const follow = () => setScheme(currentScheme());
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return scheme;
}

/**
 * The value of one of the design system's colours (`--text`, `--line`, ...) in the current scheme,
 * for what CSS cannot colour: a canvas.
 */
export function themeColour(name: `--${string}`): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function currentScheme(): ColourScheme {
  return window.matchMedia(DARK).matches ? 'dark' : 'light';
}
