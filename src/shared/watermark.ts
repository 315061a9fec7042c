// Issue #20: what a watermark says, written once for the viewer's canvas and the server's stamped
// PDF, so a leaked screenshot and a leaked download name their source the same way.

export interface WatermarkIdentity {
  /** The viewer's name (an investor's full name, or the visitor's email when they have no account). */
  viewerName: string;
  email: string;
  /** The company whose data room it is. */
  companyName: string;
  /** When the page was shown or the file downloaded. */
  at: Date;
}

/** "28 Nov 2026 14:05 UTC": unambiguous in every locale, and the same on screen and on paper. */
export function formatWatermarkTime(at: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

/** The two lines drawn in each tile: who, and for whom and when. */
export function watermarkLines(identity: WatermarkIdentity): [string, string] {
  const who =
    identity.viewerName.trim() && identity.viewerName.trim() !== identity.email ? `${identity.viewerName.trim()} · ${identity.email}` : identity.email;
  return [who, `${identity.companyName} · ${formatWatermarkTime(identity.at)}`];
}
