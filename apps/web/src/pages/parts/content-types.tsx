import { CONTENT_TYPES, CONTENT_TYPE_NAMES, MODELS_BY_TYPE, type ContentType } from '@atelier/shared';
import { GifIcon, IllustrationIcon, LoopIcon, PhotoIcon, VectorIcon, VideoIcon } from '../../components/ui';

interface ContentTypeDetail {
  type: ContentType;
  name: string;
  Icon: typeof PhotoIcon;
  blurb: string;
  actionLabel: string;
}

const DETAILS: Record<ContentType, Omit<ContentTypeDetail, 'type' | 'name'>> = {
  photo: {
    Icon: PhotoIcon,
    blurb: 'Photoreal scenes, portraits and product shots, with the light and lens you describe.',
    actionLabel: 'Generate a photo',
  },
  video: {
    Icon: VideoIcon,
    blurb: 'Short clips with camera moves and motion, ready for a reel, a pitch or a storyboard.',
    actionLabel: 'Generate a video',
  },
  loops: {
    Icon: LoopIcon,
    blurb: 'Seamless animations that play forever: backgrounds for stages, screens and streams.',
    actionLabel: 'Generate a loop',
  },
  illustration: {
    Icon: IllustrationIcon,
    blurb: 'Storybook, poster and editorial styles for articles, books and campaigns.',
    actionLabel: 'Generate an illustration',
  },
  gif: {
    Icon: GifIcon,
    blurb: 'Light animated GIFs for chats, newsletters and websites that play everywhere.',
    actionLabel: 'Generate a GIF',
  },
  vector: {
    Icon: VectorIcon,
    blurb: 'Clean SVG logos, icons and patterns that stay sharp at any size and stay editable.',
    actionLabel: 'Generate a vector',
  },
};

export const CONTENT_TYPE_DETAILS: ContentTypeDetail[] = CONTENT_TYPES.map((type) => ({
  type,
  name: CONTENT_TYPE_NAMES[type],
  ...DETAILS[type],
}));

/** The cheapest model of a type, for "from N credits". */
export function lowestCost(type: ContentType): number {
  return Math.min(...MODELS_BY_TYPE[type].map((m) => m.cost));
}
