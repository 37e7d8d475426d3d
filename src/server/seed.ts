// Three sample sports posts for an empty database, so a newcomer sees a living blog. Images ship in public/images/seed.
import type { Db } from './db/database';
import { countPosts, createPost } from './repositories/postsRepository';
import type { PostInput } from './repositories/postsRepository';

const img = (name: string) => `/images/seed/${name}.svg`;
const amazon = (query: string) => `https://www.amazon.com/s?k=${encodeURIComponent(query).replace(/%20/g, '+')}`;

/** Oldest first: the list shows them newest first. */
export const SEED_POSTS: PostInput[] = [
  {
    header: {
      icon: 'Heart',
      title: 'Why Recovery Is the Most Underrated Part of Training',
      tags: ['Training', 'Recovery'],
      image: img('recovery'),
      imageAlt: '',
      textFormat: 'plain',
      publishDate: 'March 14, 2024',
      readTime: '6 min read',
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Heart',
          title: 'Fitness is built between sessions',
          paragraph:
            'Training is the stimulus; recovery is where the adaptation happens. Muscles repair, glycogen refills and the nervous system settles. Skip that part and the next hard session starts from a deficit.',
          list: [
            'Sleep seven to nine hours',
            'Eat protein within a few hours of training',
            'Keep one full rest day a week',
          ],
        },
        {
          type: 'two-column',
          icon: 'Search',
          title: 'Active versus passive recovery',
          paragraph: 'Both have a place in the week. The trick is matching them to how hard the previous day was.',
          columns: [
            { heading: 'Active', list: ['Easy 20-minute spin or swim', 'Mobility flow', 'Light foam rolling'] },
            { heading: 'Passive', list: ['Full rest day', 'Legs-up-the-wall for 10 minutes', 'An early night'] },
          ],
        },
      ],
    },
    products: [
      {
        title: 'High-Density Foam Roller',
        description: 'A firm 18-inch roller for calves, quads and upper back after hard sessions.',
        price: '$24.99',
        imageUrl: img('foam-roller'),
        amazonUrl: amazon('high density foam roller'),
      },
      {
        title: 'Resistance Band Set',
        description: 'Five loop bands from light to heavy for activation work and gentle mobility.',
        price: '$15.99',
        imageUrl: img('bands'),
        amazonUrl: amazon('resistance loop bands set'),
      },
      {
        title: 'Percussion Massage Gun',
        description: 'Quiet percussive massager with four heads for sore legs on the day after a long run.',
        price: '$89.00',
        imageUrl: img('massage-gun'),
        amazonUrl: amazon('percussion massage gun'),
      },
    ],
    footer: { authorName: 'Priya Natarajan', authorTitle: 'Sports Physiotherapist', imageUrl: img('author-priya') },
  },
  {
    header: {
      icon: 'TrendingUp',
      title: 'From Couch to 10K in Twelve Weeks',
      tags: ['Running', 'Training'],
      image: img('running-10k'),
      imageAlt: '',
      textFormat: 'plain',
      publishDate: 'June 3, 2024',
      readTime: '8 min read',
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Star',
          title: 'Start slower than you think',
          paragraph:
            'Most new runners get hurt by doing too much too soon, not too little. The first four weeks alternate running and walking so tendons and bones can catch up with your lungs.',
          list: [
            'Three runs a week, never two days in a row',
            'Run at a pace where you can talk',
            'Add no more than 10% a week',
          ],
        },
        {
          type: 'two-column',
          icon: 'Globe',
          title: 'The twelve-week plan at a glance',
          paragraph: 'Each block builds on the last. Repeat a week whenever it felt hard; the plan waits for you.',
          columns: [
            {
              heading: 'Weeks 1-6',
              list: ['Run 1 min / walk 2 min x 8', 'Run 3 min / walk 1 min x 6', 'First continuous 20 minutes'],
            },
            {
              heading: 'Weeks 7-12',
              list: ['Steady 30-minute runs', 'One longer run up to 60 minutes', 'Race week: rest, then 10K'],
            },
          ],
        },
      ],
    },
    products: [
      {
        title: 'Cushioned Road Running Shoes',
        description: 'Neutral daily trainers with enough cushioning for building mileage safely.',
        price: '$119.95',
        imageUrl: img('shoes'),
        amazonUrl: amazon('cushioned road running shoes'),
      },
      {
        title: 'GPS Running Watch',
        description: 'Tracks pace, distance and heart rate, with run/walk interval alerts built in.',
        price: '$199.99',
        imageUrl: img('watch'),
        amazonUrl: amazon('gps running watch'),
      },
      {
        title: 'Hydration Running Belt',
        description: 'A bounce-free belt with two small bottles for runs over an hour.',
        price: '$29.99',
        imageUrl: img('bottle'),
        amazonUrl: amazon('hydration running belt'),
      },
    ],
    footer: { authorName: 'Daniel Reyes', authorTitle: 'Running Coach', imageUrl: img('author-daniel') },
  },
  {
    header: {
      icon: 'Trophy',
      title: 'Inside the High Press: How Modern Football Wins the Ball Back',
      tags: ['Football', 'Tactics'],
      image: img('football-press'),
      imageAlt: '',
      textFormat: 'plain',
      publishDate: 'September 21, 2024',
      readTime: '7 min read',
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Users',
          title: 'Pressing is a team decision',
          paragraph:
            'A press only works when the whole side moves together. One forward chasing alone just opens a passing lane; eleven players shifting on the same trigger close the pitch down.',
          list: [
            'Press on a backward pass',
            'Press when a defender receives facing his own goal',
            'Press after a heavy touch',
          ],
        },
        {
          type: 'two-column',
          icon: 'Search',
          title: 'High press or mid block?',
          paragraph: 'Neither is better in general. It depends on your players, the opponent and the score.',
          columns: [
            {
              heading: 'High press',
              list: ['Wins the ball near goal', 'Demands elite fitness', 'Leaves space behind the back line'],
            },
            {
              heading: 'Mid block',
              list: ['Protects the centre', 'Saves energy for the counter', 'Invites long shots and crosses'],
            },
          ],
        },
      ],
    },
    products: [
      {
        title: 'Firm Ground Football Boots',
        description: 'Lightweight boots with a bladed stud pattern for quick turns on natural grass.',
        price: '$89.99',
        imageUrl: img('boots'),
        amazonUrl: amazon('firm ground football boots'),
      },
      {
        title: 'Agility Training Cones (50 Pack)',
        description: 'Bright marker cones for setting up pressing drills and rondos.',
        price: '$12.99',
        imageUrl: img('cones'),
        amazonUrl: amazon('soccer training cones'),
      },
      {
        title: 'Official Size 5 Match Ball',
        description: 'A thermally bonded match ball that keeps its shape in wet weather.',
        price: '$34.50',
        imageUrl: img('ball'),
        amazonUrl: amazon('size 5 match soccer ball'),
      },
    ],
    footer: { authorName: 'Maya Okafor', authorTitle: 'Tactics Analyst', imageUrl: img('author-maya') },
  },
];

/** Seeds only an empty database; returns how many posts it added. */
export async function seedIfEmpty(db: Db): Promise<number> {
  if ((await countPosts(db)) > 0) return 0;
  for (const post of SEED_POSTS) await createPost(db, post);
  return SEED_POSTS.length;
}
