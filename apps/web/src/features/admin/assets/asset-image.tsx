import { Center, Image, Skeleton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { assetFileQuery } from './asset-api';

interface AssetImageProps {
  id: number;
  /** What the image shows; empty when a caption beside it already says so. */
  alt: string;
  height: number;
}

/**
 * An uploaded image, fetched with the token through the API client and shown from a blob URL (revoked when it
 * goes). While it loads: a skeleton; when it cannot be fetched or drawn: the placeholder.
 */
export function AssetImage({ id, alt, height }: AssetImageProps) {
  const file = useQuery(assetFileQuery(id));
  const url = useObjectUrl(file.data);
  // The URL that failed to draw: a new one (another blob) gets its own chance.
  const [brokenUrl, setBrokenUrl] = useState<string>();

  if (file.isError || (url !== undefined && url === brokenUrl)) return <ImagePlaceholder height={height} />;
  if (!url) return <Skeleton h={height} aria-hidden />;
  return <Image src={url} alt={alt} h={height} fit="scale-down" onError={() => setBrokenUrl(url)} />;
}

/** Stands in for an image that failed to load (docs/screens.md#asset). */
export function ImagePlaceholder({ height }: { height: number }) {
  return (
    <Center
      h={height}
      role="img"
      aria-label="Image not available"
      bg="var(--mantine-color-default-hover)"
      c="dimmed"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <IconPhotoOff size={Math.min(48, Math.round(height / 2))} stroke={1.5} aria-hidden />
    </Center>
  );
}

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
