// How the data room describes documents: the spec's size format, type labels and the checks a
// chosen file gets before it is sent.
import { describe, expect, it } from 'vitest';
import {
  checkChosenFile,
  documentKind,
  formatDuration,
  formatFileSize,
  nameFromFilename,
  UPLOAD_ACCEPT,
} from '../../src/client/features/data-room/document-format';

describe('formatFileSize (B under 1024, KB with one decimal under 1 MB, else MB)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024.0 KB'],
    [1024 * 1024, '1.0 MB'],
    [10 * 1024 * 1024, '10.0 MB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('documentKind', () => {
  it('labels the stored MIME types and picks the previewer', () => {
    expect(documentKind('application/pdf')).toEqual({ label: 'PDF', preview: 'pdf' });
    expect(documentKind('text/csv; charset=utf-8')).toEqual({ label: 'CSV', preview: 'csv' });
    expect(documentKind('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toEqual({ label: 'PPTX', preview: null });
    expect(documentKind('application/x-unknown')).toEqual({ label: 'File', preview: null });
  });
});

describe('checkChosenFile', () => {
  it('accepts the spec picker types up to exactly 10 MiB', () => {
    expect(UPLOAD_ACCEPT).toBe('.pdf,.docx,.xlsx,.pptx,.doc,.xls,.ppt,.txt,.csv');
    expect(checkChosenFile({ name: 'Deck.PDF', size: 10 * 1024 * 1024 })).toBeNull();
  });

  it('stops files over 10 MB, empty files and other types with a sentence', () => {
    expect(checkChosenFile({ name: 'deck.pdf', size: 10 * 1024 * 1024 + 1 })).toBe('This file is larger than 10 MB. Choose a file of 10 MB or less.');
    expect(checkChosenFile({ name: 'deck.pdf', size: 0 })).toMatch(/empty/);
    expect(checkChosenFile({ name: 'logo.svg', size: 10 })).toMatch(/^Files of type \.svg cannot be uploaded/);
    expect(checkChosenFile({ name: 'README', size: 10 })).toMatch(/without an extension/);
  });
});

describe('small formats', () => {
  it('suggests a name from the file name and formats durations', () => {
    expect(nameFromFilename('Q3 model.final.xlsx')).toBe('Q3 model.final');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(125_000)).toBe('2m 05s');
    expect(formatDuration(72 * 60_000)).toBe('1h 12m');
  });
});
