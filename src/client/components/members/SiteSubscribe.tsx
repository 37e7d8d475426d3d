// The landing page's subscribe form: every story, or the sports a reader picks from the site's tags.
import { useEndpointQuery } from '../../api/queryHooks';
import { tagsApi } from '../../api/tagsApi';
import { SubscribeForm } from './SubscribeForm';

export function SiteSubscribe() {
  const { data } = useEndpointQuery(tagsApi.endpoints.getTags, undefined);
  return <SubscribeForm heading="Get the stories by email" tags={data} choice="pick" />;
}
