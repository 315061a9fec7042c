// Links in messages (issue #15): web and email addresses become links that open in a new tab with
// rel="noopener noreferrer nofollow"; only http(s) and mailto are linked, never javascript:.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageText } from '../../src/client/features/messaging/message-text';

const render = (content: string) => renderToStaticMarkup(createElement(MessageText, { content }));
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe('MessageText', () => {
  it('links web addresses, with or without a scheme, in a new tab with a safe rel', () => {
    const html = render('Deck: https://example.com/deck?v=2 and www.northwind.vc/team.');
    expect(hrefs(html)).toEqual(['https://example.com/deck?v=2', 'https://www.northwind.vc/team']);
    expect(html.match(/target="_blank"/g)).toHaveLength(2);
    expect(html.match(/rel="noopener noreferrer nofollow"/g)).toHaveLength(2);
  });

  it('links email addresses with mailto', () => {
    expect(hrefs(render('Write to founders@tidewater.io please'))).toEqual(['mailto:founders@tidewater.io']);
  });

  it('never links javascript:, data:, file: or ftp: addresses', () => {
    const html = render('javascript:alert(1) data:text/html,<b>x</b> file:///etc/passwd ftp://files.example.com/a');
    expect(hrefs(html)).toEqual([]);
    // The text itself is kept (escaped), so nothing the sender wrote disappears.
    expect(html).toContain('javascript:alert(1)');
    expect(html).toContain('&lt;b&gt;');
  });

  it('keeps plain text and line breaks as typed', () => {
    expect(render('Line one\nLine two')).toBe('Line one\nLine two');
  });
});
