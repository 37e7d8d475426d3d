// "Emailed to N members" under a post (its edit page, its row in /admin/posts), with how many of those mails were sent,
// failed or wait; nothing while the post has gone to nobody.
import { useEndpointQuery } from '../../../api/queryHooks';
import { newsletterApi } from '../api/newsletterApi';
import pageStyles from '../pages/page.module.scss';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function NewsletterLine({ id }: { id: number | string }) {
  const { data } = useEndpointQuery(newsletterApi.endpoints.getNewsletter, String(id));
  if (!data || !(data.recipients > 0)) return null;
  const { recipients, sent, failed, pending } = data;
  return (
    <p className={pageStyles.newsletter}>
      {`Emailed to ${count(recipients, 'member', 'members')}`}
      <span>{` (${sent} sent, ${pending} pending, ${failed} failed)`}</span>
    </p>
  );
}
