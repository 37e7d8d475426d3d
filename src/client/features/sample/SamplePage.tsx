import { Article } from '../../components/Article';
import { Icon } from '../../components/Icon';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { sampleArticle, sampleProducts } from './sampleArticle';

/**
 * /sample: a static article. Its Subscribe and Share buttons do nothing, by design. Their icons come from the post
 * icons' sprite, as the article's do: lucide's components would add their path data to this page's JavaScript.
 */
export function SamplePage() {
  useDocumentTitle(sampleArticle.title);
  return (
    <Article
      article={sampleArticle}
      products={sampleProducts}
      authorActions={
        <>
          <button type="button" className="button">
            <Icon name="Bell" size={18} />
            Subscribe
          </button>
          <button type="button" className="button button-secondary">
            <Icon name="Share" size={18} />
            Share
          </button>
        </>
      }
    />
  );
}
