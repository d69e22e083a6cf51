/**
 * The "how it works" video of the airport page (SPEC §2 modal `eapVideo`, DESIGN §6 airport video): a poster
 * that opens the modal with a self-hosted WebM (no third-party player), German and English captions as
 * `<track>`s and a poster image; files in `public/media/` (made by `scripts/make-video.mjs`, served with a
 * one-year immutable cache, the version is in the file name). Without JavaScript the poster links to the
 * same video printed in a `<noscript>` section below it. The film has no sound: the captions tell the story.
 */
import { PlayCircle } from 'lucide-react';
import { modals } from '~/client/runtime.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { Modal } from '../widgets/modal.tsx';

/** The shop's video: file, poster, caption files per language, natural size in CSS pixels. */
const VIDEO = {
  src: '/media/so-funktionierts-v1.webm',
  poster: '/media/so-funktionierts-v1-poster.webp',
  captions: { de: '/media/so-funktionierts-v1.de.vtt', en: '/media/so-funktionierts-v1.en.vtt' },
  width: 640,
  height: 360,
} as const;

/** Id of the no-JavaScript section with the video (the poster link's target). */
const VIDEO_ANCHOR = 'video-so-gehts';

function Player({ src, autoPlay = false }: { src: string; autoPlay?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <video
        controls
        autoPlay={autoPlay}
        muted
        playsInline
        preload="metadata"
        poster={VIDEO.poster}
        width={VIDEO.width}
        height={VIDEO.height}
        className="aspect-video w-full rounded-xl bg-ink/5"
        data-video
      >
        <source src={src} type="video/webm" />
        <track kind="captions" srcLang="de" label="Deutsch" src={VIDEO.captions.de} default={locale === 'de'} />
        <track kind="captions" srcLang="en" label="English" src={VIDEO.captions.en} default={locale === 'en'} />
        <a href={src}>{t('feature.video.download')}</a>
      </video>
      <p className="mt-3 text-sm text-muted">{t('feature.video.transcript')}</p>
    </>
  );
}

/** The video section: poster button plus the `eapVideo` modal. `src` overrides the shop's video (airport's own). */
export function HowItWorksVideo({ src }: { src?: string | null }) {
  const t = useT();
  const file = src || VIDEO.src;
  return (
    <section className="mt-10" aria-labelledby="video-title">
      <h2 id="video-title" className="text-2xl font-semibold">
        {t('feature.video.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted">{t('feature.video.lead')}</p>
      <a
        href={`#${VIDEO_ANCHOR}`}
        aria-haspopup="dialog"
        className="group relative mt-4 block max-w-md overflow-hidden rounded-xl border border-line"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          modals.open('eapVideo', event.currentTarget);
        }}
        data-video-link
      >
        <img
          src={VIDEO.poster}
          alt=""
          width={VIDEO.width}
          height={VIDEO.height}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
        <span className="absolute inset-0 flex items-center justify-center bg-ink/20 transition-colors group-hover:bg-ink/30">
          <span className="flex items-center gap-2 rounded-full bg-white px-4 py-2 font-semibold text-ink shadow">
            <PlayCircle aria-hidden size={22} className="text-accent" />
            {t('feature.video.play')}
          </span>
        </span>
      </a>
      <noscript>
        <div id={VIDEO_ANCHOR} className="mt-4 max-w-2xl">
          <Player src={file} />
        </div>
      </noscript>
      <Modal name="eapVideo" title={t('feature.video.title')} size="lg">
        <Player src={file} autoPlay />
      </Modal>
    </section>
  );
}
