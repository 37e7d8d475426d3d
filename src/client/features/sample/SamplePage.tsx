import { Bell, Share2 } from 'lucide-react';
import { Article } from '../../components/Article';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { sampleArticle, sampleProducts } from './sampleArticle';

/** /sample: a static article. Subscribe and Share do nothing, as the spec asks (SPEC 2). */
export function SamplePage() {
  useDocumentTitle(sampleArticle.title);
  return (
    <Article
      article={sampleArticle}
      products={sampleProducts}
      authorActions={
        <>
          <button type="button" className="button">
            <Bell size={18} aria-hidden="true" />
            Subscribe
          </button>
          <button type="button" className="button button-secondary">
            <Share2 size={18} aria-hidden="true" />
            Share
          </button>
        </>
      }
    />
  );
}
