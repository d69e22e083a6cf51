import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '~/components/i18n-context.tsx';

/** The browser's barcode reader where it has one (Chromium on Android, Safari); not in TypeScript's DOM types. */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

/** A function that reads a QR code from one video frame, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * The frame reader of this browser: `BarcodeDetector` when it reads QR codes, else `jsqr` (loaded only now, on
 * the check-in page, when the camera is started) on a canvas copy of the frame.
 */
async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const formats = (await Detector.getSupportedFormats?.().catch(() => [])) ?? [];
    if (formats.includes('qr_code')) {
      const detector = new Detector({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

function noSubscription() {
  return () => {};
}

function hasCamera(): boolean {
  return Boolean(navigator.mediaDevices?.getUserMedia);
}

/**
 * The check-in page's camera (issue 15 item 4): shown only with JavaScript and a camera; reads the voucher's QR
 * code (its reference) and hands it to `onCode`. The typed form beside it works without any of this.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => Promise<boolean> }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  // Only in a browser with a camera API (false on the server and without JavaScript: no button then).
  const available = useSyncExternalStore(noSubscription, hasCamera, () => false);
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!running) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = '';
    const stop = () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        while (!stopped) {
          const code = video.current ? await read(video.current).catch(() => null) : null;
          if (code && code !== last) {
            last = code;
            if (await onCode(code)) {
              setRunning(false);
              return;
            }
            setMessage(t('admin.checkin.scan.no_match', { code }));
          }
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      } catch {
        setMessage(t('admin.checkin.scan.denied'));
        setRunning(false);
      }
    })();
    return stop;
  }, [running, onCode, t]);

  if (!available) return null;
  return (
    <div className="card grid gap-3 p-4" data-scanner>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={running ? 'btn-secondary min-h-11' : 'btn-primary min-h-11'}
          onClick={() => {
            setMessage(null);
            setRunning(!running);
          }}
        >
          {running ? t('admin.checkin.scan.stop') : t('admin.checkin.scan.start')}
        </button>
        <p className="text-sm text-muted">{t('admin.checkin.scan.hint')}</p>
      </div>
      {running ? (
        <video ref={video} className="aspect-video w-full max-w-xl rounded-lg bg-ink object-cover" muted playsInline />
      ) : null}
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
    </div>
  );
}
