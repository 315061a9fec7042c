// CSV preview: parsed with papaparse (quotes, embedded commas and newlines handled) into a table,
// or painted into watermarked canvases when the document is watermarked (issue #20).
import Papa from 'papaparse';
import { RowsTable } from './rows-table';
import type { ViewerIdentity } from './watermark-canvas';
import { WatermarkedRows } from './watermarked-preview';

export default function CsvViewer({ text, name, watermark }: { text: string; name: string; watermark: ViewerIdentity | null }) {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  if (watermark) return <WatermarkedRows rows={data} name={name} identity={watermark} />;
  return <RowsTable rows={data} label={`${name} contents`} />;
}
