// CSV preview: parsed with papaparse (quotes, embedded commas and newlines handled) into a table.
import Papa from 'papaparse';
import { RowsTable } from './rows-table';

export default function CsvViewer({ text, name }: { text: string; name: string }) {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return <RowsTable rows={data} label={`${name} contents`} />;
}
