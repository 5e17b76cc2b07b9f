/** Newsroom category taxonomy (section > subsection > topic); duplicate sibling names are removed at load time anyway. */

export interface CategoryFixture {
  name: string;
  children?: CategoryFixture[];
}

export const CATEGORY_FIXTURES: CategoryFixture[] = [
  {
    name: 'Politics',
    children: [
      { name: 'Elections', children: [{ name: 'Polls' }, { name: 'Campaigns' }] },
      { name: 'Government' },
      { name: 'Policy' },
      { name: 'Courts' },
    ],
  },
  {
    name: 'World',
    children: [
      { name: 'Europe' },
      { name: 'Americas' },
      { name: 'Africa' },
      { name: 'Asia Pacific' },
      { name: 'Middle East' },
      { name: 'Diplomacy' },
    ],
  },
  {
    name: 'Business',
    children: [
      { name: 'Markets', children: [{ name: 'Stocks' }, { name: 'Bonds' }, { name: 'Commodities' }] },
      { name: 'Economy', children: [{ name: 'Inflation' }, { name: 'Jobs' }] },
      { name: 'Companies' },
      { name: 'Personal Finance' },
      { name: 'Startups' },
    ],
  },
  {
    name: 'Technology',
    children: [
      { name: 'Artificial Intelligence', children: [{ name: 'Machine Learning' }, { name: 'Robotics' }] },
      { name: 'Cybersecurity' },
      { name: 'Gadgets' },
      { name: 'Startups' },
    ],
  },
  {
    name: 'Science',
    children: [
      { name: 'Space', children: [{ name: 'Astronomy' }, { name: 'Exploration' }] },
      { name: 'Biology' },
      { name: 'Research' },
    ],
  },
  {
    name: 'Health',
    children: [
      { name: 'Medicine', children: [{ name: 'Research' }] },
      { name: 'Mental Health' },
      { name: 'Policy' },
      { name: 'Public Health' },
    ],
  },
  {
    name: 'Sports',
    children: [
      { name: 'Football', children: [{ name: 'Premier League' }, { name: 'Champions League' }, { name: 'World Cup' }] },
      { name: 'Basketball' },
      { name: 'Tennis' },
      { name: 'Cricket' },
      { name: 'Olympics' },
    ],
  },
  {
    name: 'Culture',
    children: [
      { name: 'Books', children: [{ name: 'Reviews' }, { name: 'Authors' }] },
      { name: 'Art & Design' },
      { name: 'Theatre' },
      { name: 'Music' },
    ],
  },
  {
    name: 'Entertainment',
    children: [
      { name: 'Film', children: [{ name: 'Reviews' }] },
      { name: 'Television' },
      { name: 'Music' },
      { name: 'Gaming' },
    ],
  },
  {
    name: 'Lifestyle',
    children: [
      { name: 'Food & Drink', children: [{ name: 'Recipes' }, { name: 'Restaurants' }] },
      { name: 'Travel' },
      { name: 'Fashion' },
    ],
  },
  {
    name: 'Opinion',
    children: [{ name: 'Editorials' }, { name: 'Columns' }, { name: 'Letters' }],
  },
  {
    name: 'Environment',
    children: [
      { name: 'Climate Change', children: [{ name: 'Policy' }, { name: 'Extreme Weather' }] },
      { name: 'Energy' },
      { name: 'Wildlife' },
    ],
  },
  {
    name: 'Education',
    children: [
      { name: 'Schools' },
      { name: 'Higher Education', children: [{ name: 'Research' }] },
      { name: 'Policy' },
    ],
  },
  {
    name: 'Local',
    children: [{ name: 'Transport' }, { name: 'Crime' }, { name: 'Housing' }],
  },
  { name: 'Other' },
];
