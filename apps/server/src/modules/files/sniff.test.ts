import { describe, expect, it } from 'vitest';
import { ApkMarker, kindOf, sniffHead } from './sniff.js';

describe('sniffing uploads by their bytes', () => {
  it('knows each stored kind by its mark, and nothing else', () => {
    expect(sniffHead(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffHead(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffHead(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffHead(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffHead(Buffer.from('<?xml version="1.0"?><svg'))).toBeNull();
    expect(sniffHead(Buffer.from('GIF89a'))).toBeNull();
  });

  it('finds the manifest of a package even when split across chunks', () => {
    const marker = new ApkMarker();
    marker.push(Buffer.from('PK\x03\x04....Android'));
    marker.push(Buffer.from('Manifest.xml....'));
    expect(kindOf(Buffer.from('PK\x03\x04'), marker)).toBe('apk');
    expect(kindOf(Buffer.from('PK\x03\x04'), new ApkMarker())).toBeNull();
  });
});
