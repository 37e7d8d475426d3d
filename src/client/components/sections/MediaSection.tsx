// A photo, quote or video section, in a chunk of its own: Article loads it only for a post that has one, so a story
// of text alone costs its readers no byte of this code.
import type { ImageSection, QuoteSection as Quote, VideoSection } from '../../../contract/types';
import type { ImageMap } from '../../../contract/images';
import type { TextFormat } from '../../../contract/marks';
import { PhotoSection } from './PhotoSection';
import { QuoteSection } from './QuoteSection';
import { VideoFacade } from './VideoFacade';

export type MediaSectionProps = {
  section: ImageSection | Quote | VideoSection;
  images: ImageMap | undefined;
  format: TextFormat | undefined;
};

export default function MediaSection({ section, images, format }: MediaSectionProps) {
  if (section.type === 'image') return <PhotoSection section={section} facts={images?.[section.image]} />;
  if (section.type === 'quote') return <QuoteSection section={section} format={format} />;
  return <VideoFacade section={section} />;
}
