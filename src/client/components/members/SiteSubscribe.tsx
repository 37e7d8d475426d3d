// The landing page's subscribe form: every story, or the sports a reader picks from the site's tags.
import { useEndpointQuery } from '../../api/queryHooks';
import { tagsApi } from '../../api/tagsApi';
import { SubscribeForm } from './SubscribeForm';
import styles from './SubscribeForm.module.scss';

export function SiteSubscribe() {
  const { data: tags = [] } = useEndpointQuery(tagsApi.endpoints.getTags, undefined);
  return (
    <SubscribeForm heading="Get the stories by email">
      {tags.length > 0 && (
        <fieldset className={styles.choices}>
          <legend>Stories to get</legend>
          <label>
            <input type="radio" name="all" value="true" defaultChecked /> All stories
          </label>
          <label>
            <input type="radio" name="all" value="false" /> Only the sports I pick:
          </label>
          {tags.map(({ slug, name }) => (
            <label key={slug}>
              <input type="checkbox" name="tags" value={slug} /> {name}
            </label>
          ))}
        </fieldset>
      )}
    </SubscribeForm>
  );
}
