// DOCX preview with docx-preview, rendered into our page. What it renders is the uploader's
// content, so links are kept only for http(s) and open in a new tab without a referrer; the
// app's CSP (no inline script, images from data:/blob: only) is the backstop.
import { useEffect, useRef, useState } from 'react';
import { renderAsync } from 'docx-preview';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';

function neutralizeLinks(container: HTMLElement) {
  for (const link of container.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) continue;
    try {
      const url = new URL(href);
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        link.setAttribute('target', '_blank');
        link.setAttribute('rel', 'noopener noreferrer');
        continue;
      }
    } catch {
      // not an absolute URL: drop it below
    }
    link.removeAttribute('href');
  }
}

export default function DocxViewer({ data, name }: { data: ArrayBuffer; name: string }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const styleRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'rendering' | 'done' | 'failed'>('rendering');

  useEffect(() => {
    const body = bodyRef.current;
    const styles = styleRef.current;
    if (!body || !styles) return;
    let isCurrent = true;
    // Narrow screens reflow the text instead of showing a fixed-width page.
    const isNarrow = body.clientWidth < 700;
    renderAsync(data, body, styles, { className: 'docx', inWrapper: !isNarrow, ignoreWidth: isNarrow, ignoreHeight: isNarrow, breakPages: !isNarrow, experimental: false })
      .then(() => {
        if (!isCurrent) return;
        neutralizeLinks(body);
        setState('done');
      })
      .catch(() => {
        if (isCurrent) setState('failed');
      });
    return () => {
      isCurrent = false;
      body.replaceChildren();
      styles.replaceChildren();
    };
  }, [data]);

  return (
    <div className="grid gap-3">
      {state === 'rendering' && <Spinner label="Rendering the document" showLabel className="flex justify-center py-16" />}
      {state === 'failed' && <ErrorState title="We couldn't open this document" message="This Word document could not be displayed. It may be damaged; try downloading it instead." />}
      <div ref={styleRef} hidden />
      <div
        ref={bodyRef}
        role="region"
        aria-label={`${name} contents`}
        tabIndex={0}
        hidden={state === 'failed'}
        className="max-h-[65dvh] overflow-auto rounded-md border bg-white text-black outline-none focus-visible:ring-2 focus-visible:ring-ring [&_.docx-wrapper]:bg-muted/60"
      />
    </div>
  );
}
