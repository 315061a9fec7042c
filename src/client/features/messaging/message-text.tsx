// A message's text as the sender typed it: line breaks kept (the bubble is pre-wrap), and web
// addresses and email addresses turned into links by linkifyjs. Only http(s) and mailto links are
// made; anything else (javascript:, file:, ftp:) stays text. Links open in a new tab without
// handing the app to the page they open (noopener), without telling it where the click came from
// (noreferrer), and without vouching for it (nofollow).
import Linkify from 'linkify-react';
import type { Opts } from 'linkifyjs';

/** Schemes a message may link to. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

export const MESSAGE_LINK_OPTIONS: Opts = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
  validate: (_value, _type, token) => SAFE_HREF.test(token.toHref('https')),
  className: 'underline underline-offset-2 [overflow-wrap:anywhere] hover:no-underline',
};

export function MessageText({ content }: { content: string }) {
  return <Linkify options={MESSAGE_LINK_OPTIONS}>{content}</Linkify>;
}
