import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Chromium's headless shell: the browser engine without the desktop browser around it. */
const SHELLS = ['/usr/bin/chromium-headless-shell'];

const BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export interface FindOptions {
  /**
   * The full browser even when the headless shell is installed: Lighthouse's figures are a
   * browser's figures. Tests take the shell, which does the same page work for about an eighth
   * less CPU (decision record 0037).
   */
  fullBrowser?: boolean;
}

function firstExisting({ fullBrowser = false }: FindOptions): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  return (fullBrowser ? BROWSERS : [...SHELLS, ...BROWSERS]).find((p) => existsSync(p));
}

/**
 * Finds a system Chromium: CHROME_PATH, then Debian's headless shell, then the usual browser
 * paths. On Linux as root it installs Debian's `chromium-headless-shell` (or `chromium` for the
 * full browser) when none is found; anywhere else it stops with instructions.
 */
export function findChromium(options: FindOptions = {}): string {
  const found = firstExisting(options);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform === 'linux' && isRoot && existsSync('/usr/bin/apt-get')) {
    const pkg = options.fullBrowser ? 'chromium' : 'chromium-headless-shell';
    console.log(`No Chromium found; installing Debian package "${pkg}" ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', pkg, 'fonts-noto-cjk'], { stdio: 'inherit', env });
    const installed = firstExisting(options);
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found. Install Chromium or Chrome (Debian: apt-get install chromium-headless-shell) or set CHROME_PATH to its executable.',
  );
}

/**
 * Flags for a quiet headless Chromium on a machine without outside network. Without a zygote
 * every renderer is a child of the browser process, which waits for it: its CPU time then counts
 * towards the test run's (scripts/test.mjs); zygote-forked renderers were never reaped by us.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-zygote',
  // No renderer process started ahead for a tab that may never come (one per new context), and
  // none for the address bar's suggestion popups, which headless windows load as web pages (two
  // renderers per context, about 0.7 CPU-s each, for a popup nobody opens).
  '--disable-features=SpareRendererForSitePerProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
