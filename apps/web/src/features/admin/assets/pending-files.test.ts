import { ASSET_MAX_BYTES, MESSAGES, shortFileName, tooLargeMessage } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { canUpload, type PendingFile, refusalOf, titleError, titleFromName } from './pending-files';

const pending = (title: string, status: PendingFile['status'] = 'waiting'): PendingFile => ({
  key: title,
  file: new File(['x'], `${title}.png`),
  title,
  previewUrl: 'blob:x',
  status,
  progress: 0,
});

describe('picked files', () => {
  it.each([
    ['setup.exe', '"setup.exe" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp'],
    ['notes.txt', '"notes.txt" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp'],
    [
      'logo.png.exe',
      '"logo.png.exe" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp',
    ],
    [
      'no-extension',
      '"no-extension" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp',
    ],
  ])('refuses %s by its name, in the spec words', (name, message) => {
    expect(refusalOf({ name, size: 10 })).toBe(message);
  });

  it.each(['a.png', 'B.JPG', 'c.jpeg', 'd.svg', 'e.WebP'])('accepts %s', (name) => {
    expect(refusalOf({ name, size: 10 })).toBeNull();
  });

  it('takes 5 MB and refuses a byte more', () => {
    expect(refusalOf({ name: 'big.png', size: ASSET_MAX_BYTES })).toBeNull();
    expect(refusalOf({ name: 'big.png', size: ASSET_MAX_BYTES + 1 })).toBe(tooLargeMessage('big.png'));
  });

  it('starts a title from the name without its extension', () => {
    expect(titleFromName('Hotel Logo.png')).toBe('Hotel Logo');
    expect(titleFromName('site.logo.v2.svg')).toBe('site.logo.v2');
    expect(titleFromName('.png')).toBe('.png');
    expect([...titleFromName(`${'é'.repeat(300)}.png`)]).toHaveLength(200);
  });

  it('requires a title, at most 200 characters', () => {
    expect(titleError('')).toBe(MESSAGES.required);
    expect(titleError('   ')).toBe(MESSAGES.required);
    expect(titleError('x'.repeat(201))).toBe(MESSAGES.tooLong(200));
    expect(titleError('Logo')).toBeNull();
  });

  it('uploads once a client is chosen and every file has a title', () => {
    expect(canUpload(true, [pending('a'), pending('b')])).toBe(true);
    expect(canUpload(false, [pending('a')])).toBe(false);
    expect(canUpload(true, [])).toBe(false);
    expect(canUpload(true, [pending('a'), pending('')])).toBe(false);
    expect(canUpload(true, [pending('a', 'uploading')])).toBe(false);
    expect(canUpload(true, [pending('a', 'failed')])).toBe(true);
  });

  it('cuts a long name to 30 characters and an ellipsis', () => {
    const name = 'a-very-long-file-name-for-the-hotel-logo.png';
    expect(shortFileName(name)).toBe(`${name.slice(0, 30)}…`);
    expect(shortFileName('short.png')).toBe('short.png');
  });
});
