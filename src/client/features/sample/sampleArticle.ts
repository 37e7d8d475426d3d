// The static sample article of /sample: five steps to a video channel, with equipment picks, read time '10 min read'
// and publish date 'March 14, 2024'.
import type { ArticleData } from '../../components/Article';
import type { ProductCardData } from '../../components/ProductCard';

export const sampleArticle: ArticleData = {
  title: 'How to Create a Video Channel in 5 Steps',
  icon: 'Youtube',
  publishDate: 'March 14, 2024',
  readTime: '10 min read',
  imageUrl: '/images/sample/hero.svg',
  authorName: 'Jordan Ellis',
  authorTitle: 'Sports Video Creator & Coach',
  authorImage: '/images/sample/author.svg',
  sections: [
    {
      id: 1,
      type: 'single-paragraph',
      icon: 'Search',
      title: 'Step 1: Find Your Niche',
      paragraph:
        'The channels that grow are the ones that know who they are for. Pick the sport, the level and the angle you can talk about every week without running out of ideas.',
      list: [
        { item: 'List ten video ideas before you commit to a topic' },
        { item: 'Watch the top channels in that space and note what they miss' },
        { item: 'Describe your ideal viewer in one sentence' },
      ],
    },
    {
      id: 2,
      type: 'two-column',
      icon: 'Camera',
      title: 'Step 2: Set Up Your Gear',
      paragraph:
        'You do not need a studio to start. Clear sound and steady, well-lit footage matter far more than an expensive camera body.',
      columns: [
        {
          heading: 'Must-haves',
          list: [
            { item: 'A camera or recent phone that records 1080p' },
            { item: 'A microphone close to the speaker' },
            { item: 'A tripod or a steady surface' },
          ],
        },
        {
          heading: 'Nice-to-haves',
          list: [
            { item: 'A ring light or a soft window light' },
            { item: 'A second camera angle for drills' },
            { item: 'Spare batteries and memory cards' },
          ],
        },
      ],
    },
    {
      id: 3,
      type: 'single-paragraph',
      icon: 'Edit',
      title: 'Step 3: Plan and Film Your First Videos',
      paragraph:
        'Write a short outline for each video: the hook, the three points you want to make and how you will close. Film three videos before you publish the first so you can keep a steady schedule.',
      list: [
        { item: 'Open with the result: show the drill working before you explain it' },
        { item: 'Keep each point under two minutes' },
        { item: 'Film a few seconds of extra footage for every shot' },
      ],
    },
    {
      id: 4,
      type: 'two-column',
      icon: 'Star',
      title: 'Step 4: Edit and Publish',
      paragraph:
        'Good editing is mostly cutting. Remove every pause and repeated sentence, then add only what helps the viewer.',
      columns: [
        {
          heading: 'In the edit',
          list: [
            { item: 'Cut to the first useful second' },
            { item: 'Add captions for viewers watching on mute' },
            { item: 'Balance music under the voice' },
          ],
        },
        {
          heading: 'Before you publish',
          list: [
            { item: 'Write a title that promises one clear thing' },
            { item: 'Design a readable thumbnail' },
            { item: 'Add chapters and a short description' },
          ],
        },
      ],
    },
    {
      id: 5,
      type: 'single-paragraph',
      icon: 'Users',
      title: 'Step 5: Grow Your Community',
      paragraph:
        'Reply to comments in the first hour, ask viewers what they want to see next and turn the best questions into new videos.',
      list: [
        { item: 'Publish on the same day every week' },
        { item: 'Pin a question under every video' },
        { item: 'Collaborate with a club, coach or fellow creator' },
      ],
    },
  ],
};

export const sampleProducts: ProductCardData[] = [
  {
    title: 'Mirrorless Vlogging Camera',
    description: 'Compact 4K camera with a flip screen and fast autofocus that keeps moving players sharp.',
    price: '$649.99',
    imageUrl: '/images/sample/camera.svg',
    amazonUrl: 'https://www.amazon.com/s?k=mirrorless+vlogging+camera',
  },
  {
    title: 'USB Condenser Microphone',
    description: 'Plug-and-play microphone for voice-overs and clear commentary, no audio interface needed.',
    price: '$99.99',
    imageUrl: '/images/sample/microphone.svg',
    amazonUrl: 'https://www.amazon.com/s?k=usb+condenser+microphone',
  },
  {
    title: '18-inch Ring Light Kit',
    description: 'Even, dimmable light with a stand and phone holder for indoor drills and talking-head shots.',
    price: '$79.99',
    imageUrl: '/images/sample/ring-light.svg',
    amazonUrl: 'https://www.amazon.com/s?k=18+inch+ring+light+kit',
  },
];
