/**
 * The certificates feature's public entry (decision record 0072). It also holds the web side of
 * the credits module (the CME card, an activity's claim page), since a claim issues the
 * certificate. Rewards' `/credit` page shows the CME card as its second tab.
 */
export { CmeTab } from './components/cme-tab';
