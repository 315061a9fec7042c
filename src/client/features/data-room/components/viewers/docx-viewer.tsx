// DOCX preview with docx-preview. What it renders is the uploader's content, so it goes into a
// shadow root inside a paint-contained box: the document's generated CSS cannot restyle the app
// and nothing in it can be positioned over the app's own controls. Links are kept only for
// http(s) and open in a new tab without a referrer; the app's CSP (no inline script, images from
// data:/blob: only) is the backstop.
import { useEffect, useRef, useState } from 'react';
import { renderAsync } from 'docx-preview';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';

function neutralizeLinks(container: ParentNode) {
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
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'rendering' | 'done' | 'failed'>('rendering');

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const styles = document.createElement('div');
    const body = document.createElement('div');
    shadow.replaceChildren(styles, body);
    let isCurrent = true;
    // Narrow screens reflow the text instead of showing a fixed-width page.
    const isNarrow = host.clientWidth < 700;
    renderAsync(data, body, styles, {
      className: 'docx',
      inWrapper: !isNarrow,
      ignoreWidth: isNarrow,
      ignoreHeight: isNarrow,
      breakPages: !isNarrow,
      experimental: false,
    })
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
      shadow.replaceChildren();
    };
  }, [data]);

  return (
    <div className="grid gap-3">
      {state === 'rendering' && <Spinner label="Rendering the document" showLabel className="flex justify-center py-16" />}
      {state === 'failed' && (
        <ErrorState
          title="We couldn't open this document"
          message="This Word document could not be displayed. It may be damaged; try downloading it instead."
        />
      )}
      <div
        ref={hostRef}
        role="region"
        aria-label={`${name} contents`}
        tabIndex={0}
        hidden={state === 'failed'}
        className="max-h-[65dvh] overflow-auto rounded-md border bg-white text-black outline-none [contain:paint] focus-visible:ring-2 focus-visible:ring-ring"
      />
    </div>
  );
}
