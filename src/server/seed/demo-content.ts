/**
 * Demo content for an empty database: a handful of writers, channels and articles that read like
 * a small regional newsroom. Written by hand so the first look is believable, not lorem ipsum.
 */
export interface DemoChannel {
  owner: string;
  name: string;
  description: string;
  category: string | null;
}

export interface DemoArticle {
  channel: string;
  title: string;
  paragraphs: string[];
  /** Formatted body (headings, lists, quotes, links); used instead of the paragraphs when given. */
  html?: string;
  /** Category paths as the tree names them, e.g. 'Sports > Football'. */
  categories: string[];
  place: string | null;
}

export const DEMO_WRITERS = ['marina_reyes', 'tom.okafor', 'lena-fischer', 'sam_patel'] as const;
export const DEMO_PASSWORD = 'broadsheet-demo';

export const DEMO_CHANNELS: DemoChannel[] = [
  { owner: 'marina_reyes', name: 'Coastal Dispatch', description: 'Harbours, fisheries and the towns along the shore, reported from the waterfront.', category: 'Local' },
  { owner: 'marina_reyes', name: 'Climate Desk', description: 'Weather, energy and the changing climate, explained without the jargon.', category: 'Environment' },
  { owner: 'tom.okafor', name: 'Matchday', description: 'Football, athletics and the stories behind the scores.', category: 'Sports' },
  { owner: 'lena-fischer', name: 'Circuit Board', description: 'Technology, start-ups and the people building them.', category: 'Technology' },
  { owner: 'lena-fischer', name: 'Market Watch', description: 'Markets, jobs and what the numbers mean for households.', category: 'Business' },
  { owner: 'demo', name: 'Town Hall Notes', description: 'Council meetings, budgets and local decisions, written up by the demo account so you can try writing and editing.', category: 'Politics' },
  { owner: 'sam_patel', name: 'The Culture Page', description: 'Books, film, music and the arts, reviewed and discussed.', category: 'Culture' },
];

/**
 * Places named as the location picker stores them (the place search's `place_name`), so the feed's
 * Filter lists one name for one place however an article got it.
 */
const places = [
  'London, United Kingdom',
  'Manchester, United Kingdom',
  'Edinburgh, United Kingdom',
  'Paris, France',
  'Berlin, Germany',
  'Lagos, Nigeria',
  'Nairobi, Kenya',
  'Mumbai, India',
  'Tokyo, Japan',
  'Sydney, Australia',
  'Toronto, Canada',
  'New York City, United States',
];
const at = (i: number) => places[i % places.length]!;

export const DEMO_ARTICLES: DemoArticle[] = [
  { channel: 'Coastal Dispatch', title: 'Harbour wall repairs finish a week early', categories: ['Local'], place: at(2), paragraphs: ['Crews working through the night have finished repairing the north harbour wall a week ahead of schedule, the port authority said on Tuesday.', 'The wall was breached during the February storms, forcing the fish market to close for eleven days. Traders said the early finish would save the spring season.', '“We lost nearly a month last year,” said one stallholder. “This time we will be open when the boats come in.”'] },
  { channel: 'Coastal Dispatch', title: 'Ferry timetable changes for the winter season', categories: ['Local'], place: at(2), paragraphs: ['Winter sailings begin on the first Monday of November, with the early crossing moving thirty minutes later.', 'The operator said the change reflects lower demand and the need to carry out maintenance on the older of its two vessels.', 'Passengers can check the full timetable at the terminal or on the operator’s site.'] },
  { channel: 'Coastal Dispatch', title: 'Lifeboat volunteers rescue three kayakers', categories: ['Local'], place: at(1), paragraphs: ['Three kayakers were brought ashore on Sunday afternoon after strong offshore winds pushed them away from the bay.', 'The volunteer crew launched within eight minutes of the call. All three were checked by paramedics and released.', 'The station manager urged anyone on the water to carry a means of calling for help and to check forecasts before setting out.'] },
  { channel: 'Coastal Dispatch', title: 'Fish market prices climb as catches shrink', categories: ['Business > Markets'], place: at(0), paragraphs: ['Prices at the morning auction rose by almost a fifth this month as smaller catches met steady demand from restaurants.', 'Skippers blamed poor weather and new limits on some species. Buyers said they expect prices to settle by spring.'] },
  { channel: 'Coastal Dispatch', title: 'Old lighthouse to open as a museum', categories: ['Culture'], place: at(2), paragraphs: ['The decommissioned lighthouse on the headland will open to visitors next summer after a two-year restoration.', 'The keeper’s cottage will house an exhibition on the families who kept the light burning for more than a century.'] },
  { channel: 'Coastal Dispatch', title: 'Beach clean-up collects two tonnes of plastic', categories: ['Environment'], place: at(9), paragraphs: ['More than three hundred volunteers joined Saturday’s clean-up along the south beach, collecting two tonnes of litter in four hours.', 'Organisers said fishing gear and bottle caps made up most of the haul.'] },
  { channel: 'Climate Desk', title: 'What the new flood maps mean for your street', categories: ['Environment > Climate Change'], place: at(0), paragraphs: ['Updated flood maps published this week redraw the risk for thousands of homes, some for the better and some for the worse.', 'The maps now include surface water from heavy rain, not only rivers and the sea. That is why some streets far from any water now appear in the higher bands.', 'Insurers use similar data, so a change in band can affect premiums at renewal.'] },
  { channel: 'Climate Desk', title: 'Heat pump installations double in a year', categories: ['Environment', 'Technology'], place: at(4), paragraphs: ['Installers fitted twice as many heat pumps this year as last, helped by grants and higher gas prices.', 'Waiting lists remain long in rural areas, where trained engineers are scarce.'] },
  { channel: 'Climate Desk', title: 'Record rainfall in October, forecasters confirm', categories: ['Environment > Weather'], place: at(1), paragraphs: ['October was the wettest since records began, with some stations measuring more than double the usual rainfall.', 'Forecasters said warmer seas are loading storms with more moisture, and that wet autumns are becoming more likely.'] },
  { channel: 'Climate Desk', title: 'Solar farm approved on former airfield', categories: ['Environment', 'Business'], place: at(10), paragraphs: ['Councillors approved a solar farm on the disused airfield, ending a two-year planning dispute.', 'The site will power around twelve thousand homes. Conditions require hedgerows to be planted around the perimeter.'] },
  { channel: 'Climate Desk', title: 'City trees are cooling streets by up to four degrees', categories: ['Science', 'Environment'], place: at(3), paragraphs: ['A study of summer temperatures found streets lined with mature trees were up to four degrees cooler than bare ones nearby.', 'The researchers recommend planting where people wait: bus stops, school gates and markets.'] },
  { channel: 'Climate Desk', title: 'Explainer: how carbon budgets work', categories: ['Environment > Climate Change', 'Science'], place: null, paragraphs: ['A carbon budget is the total amount of carbon dioxide that can be emitted while keeping warming below a chosen limit.', 'Because carbon dioxide lingers for centuries, what matters is the running total, not the emissions of any one year.'] },
  { channel: 'Matchday', title: 'Late winner sends the home side top of the table', categories: ['Sports > Football'], place: at(1), paragraphs: ['A header in the ninety-third minute sealed a 2–1 win and sent the home side top for the first time this season.', 'The visitors had equalised just after the break and looked the stronger side until a corner in stoppage time changed everything.'] },
  { channel: 'Matchday', title: 'Marathon sets a new course record', categories: ['Sports > Athletics'], place: at(6), paragraphs: ['The winner broke the course record by forty seconds in cool, still conditions on Sunday morning.', 'More than twenty thousand runners finished, raising money for dozens of local charities.'] },
  { channel: 'Matchday', title: 'Youth academy opens its doors to girls’ teams', categories: ['Sports > Football', 'Education'], place: at(0), paragraphs: ['The club’s academy will run girls’ teams from under-nines to under-sixteens from January.', 'Coaches said demand has grown steadily since the national team’s run to the final.'] },
  { channel: 'Matchday', title: 'Cup draw pairs old rivals in the third round', categories: ['Sports > Football'], place: at(1), paragraphs: ['The third-round draw has paired two neighbours who have not met in a competitive game for nine years.', 'Tickets are expected to sell out within hours.'] },
  { channel: 'Matchday', title: 'Cricket: rain ruins the final day', categories: ['Sports > Cricket'], place: at(7), paragraphs: ['Only eleven overs were possible on the final day as rain swept in, leaving the match drawn.', 'Both captains said the series remains open with two tests to play.'] },
  { channel: 'Matchday', title: 'Swimmer qualifies for the world championships', categories: ['Sports'], place: at(9), paragraphs: ['A seventeen-year-old from the city swim club has qualified for the world championships in the two hundred metres butterfly.', 'Her coach said the result came after a year of early mornings and a change in technique.'] },
  { channel: 'Circuit Board', title: 'Local start-up raises funds to build battery recyclers', categories: ['Technology > Startups', 'Business'], place: at(4), paragraphs: ['A three-year-old start-up has raised funding to build machines that recover lithium and cobalt from used batteries.', 'The founders say the first plant will process the batteries of around fifty thousand cars a year.'] },
  { channel: 'Circuit Board', title: 'How the new AI rules affect small developers', categories: ['Technology > Artificial Intelligence', 'Politics'], place: at(3), paragraphs: ['New rules on artificial intelligence come into force next year. Most small developers will face only light obligations.', 'Systems used in hiring, credit and policing face the strictest checks, including human oversight and record keeping.'] },
  { channel: 'Circuit Board', title: 'Review: a laptop that lasts two days on a charge', categories: ['Technology'], place: null, paragraphs: ['In a week of testing, the laptop lasted two full working days between charges.', 'The keyboard is excellent, the screen merely good, and the price high but fair for what you get.'] },
  { channel: 'Circuit Board', title: 'Library runs free coding classes for retirees', categories: ['Technology', 'Education'], place: at(0), paragraphs: ['The central library has started free weekly coding classes aimed at people over sixty-five.', 'The first course filled in a day. Volunteers from local firms teach the sessions.'] },
  { channel: 'Circuit Board', title: 'Fibre broadband reaches the last villages in the valley', categories: ['Technology', 'Local'], place: at(2), paragraphs: ['The final villages in the valley have been connected to full-fibre broadband, ending years of slow connections.', 'Residents said the change would let more people work from home.'] },
  { channel: 'Circuit Board', title: 'Robotics team heads to the national final', categories: ['Technology > Artificial Intelligence > Robotics', 'Education'], place: at(10), paragraphs: ['A team of sixth-formers has reached the national robotics final with a machine that sorts recycling.', 'The students built most of the parts themselves in the school workshop.'] },
  { channel: 'Market Watch', title: 'Interest rates held for a third month', categories: ['Business > Economy'], place: at(0), paragraphs: ['The central bank held interest rates for a third month, saying inflation is falling but not yet at target.', 'Economists expect the first cut in the spring if prices continue to ease.'] },
  { channel: 'Market Watch', title: 'High street footfall rises for the first time in two years', categories: ['Business'], place: at(1), paragraphs: ['More people visited high streets last month than a year earlier, the first rise in two years.', 'Cafés and independent shops drove the increase, while department stores continued to struggle.'] },
  { channel: 'Market Watch', title: 'What a four-day week trial found', categories: ['Business', 'Health'], place: at(5), paragraphs: ['Companies in a six-month trial of a four-day week reported steady output and fewer sick days.', 'Most plan to keep the arrangement, though some found it hard to cover customer-facing roles.'] },
  { channel: 'Market Watch', title: 'Housing starts fall as building costs bite', categories: ['Business > Economy'], place: at(10), paragraphs: ['Builders started fewer homes this quarter as the cost of materials and borrowing stayed high.', 'Trade groups called for faster planning decisions to help smaller firms.'] },
  { channel: 'Market Watch', title: 'Stocks close the week higher on tech earnings', categories: ['Business > Markets > Stocks'], place: at(11), paragraphs: ['Shares ended the week higher after strong results from large technology companies.', 'Analysts cautioned that a handful of firms account for most of the gains this year.'] },
  { channel: 'The Culture Page', title: 'Review: a quiet novel about a loud family', categories: ['Culture > Books > Reviews'], place: null, paragraphs: ['The novel follows five siblings over a single summer in their late mother’s house.', 'Not much happens, and that is the point. The writing is precise, funny and, in the final chapters, devastating.'] },
  { channel: 'The Culture Page', title: 'Film festival announces its opening night', categories: ['Entertainment > Film'], place: at(2), paragraphs: ['The festival will open with a debut feature shot entirely in the city’s old town.', 'This year’s programme includes more than a hundred films from forty countries.'] },
  { channel: 'The Culture Page', title: 'Community choir wins national award', categories: ['Culture > Music'], place: at(1), paragraphs: ['A choir founded in a church hall six years ago has won the national community choir award.', 'Its members range in age from nineteen to ninety-one.'] },
  { channel: 'The Culture Page', title: 'Gallery reopens after a year-long refit', categories: ['Culture'], place: at(0), paragraphs: ['The city gallery has reopened with new lighting, step-free access and two extra rooms.', 'Entry remains free, and the opening exhibition brings together local painters from the last century.'] },
  { channel: 'The Culture Page', title: 'Five podcasts worth your commute', categories: ['Entertainment'], place: null, paragraphs: ['From a history of maps to a show about neighbours’ disputes, these are the podcasts our writers keep returning to.', 'Each episode is under forty minutes: long enough for the train, short enough to finish.'] },
  { channel: 'The Culture Page', title: 'Street food market returns to the old station', categories: ['Lifestyle > Food'], place: at(8), paragraphs: ['The weekend street food market is back in the old station concourse with thirty stalls.', 'Organisers say they have added more seating and a stage for local bands.'] },
  { channel: 'Matchday', title: 'Marathon runner, 81, finishes her fortieth race', categories: ['Sports > Athletics', 'Health'], place: at(11), paragraphs: ['An eighty-one-year-old crossed the line on Sunday to complete her fortieth marathon.', 'She started running at fifty, she said, “because the bus was late”.'] },
];

/**
 * The demo account's own channel, so 'Write an Article', Edit and the drafts of a channel page can
 * be tried in the demo. The published ones come last, so they are the newest.
 */
const TOWN_HALL = 'Town Hall Notes';

export const DEMO_OWN_ARTICLES: DemoArticle[] = [
  {
    channel: TOWN_HALL,
    title: 'Council backs harbour flood plan after late-night vote',
    categories: ['Politics > Government', 'Environment'],
    place: at(2),
    paragraphs: [],
    html:
      '<p>After four hours of debate, councillors voted 31 to 12 on Wednesday night to fund a flood barrier at the mouth of the harbour, the largest single project the council has approved in a decade.</p>' +
      '<h2>What was decided</h2>' +
      '<p>The plan commits the council to three things over the next five years:</p>' +
      '<ol><li>A moveable barrier across the harbour mouth, closed on the highest tides.</li><li>Raised walls along the fish market and the ferry terminal.</li><li>A yearly public report on flood risk, starting next spring.</li></ol>' +
      '<p>The barrier alone is expected to cost <strong>£48 million</strong>, two thirds of it from a national resilience fund.</p>' +
      '<h2>Who objected</h2>' +
      '<p>Opponents did not dispute the need for protection, but the timetable. Several asked for the walls to come first, since they can be built in a single season.</p>' +
      '<blockquote><p>We are being asked to sign a cheque for a barrier that will not close for five years, while the market floods every winter.</p></blockquote>' +
      '<p>The council leader answered that the two would be built side by side, and that the walls would be tendered <em>this</em> year.</p>' +
      '<h3>What happens next</h3>' +
      '<ul><li>Designs go on public display at the library from next month.</li><li>Residents can comment for eight weeks.</li><li>Work on the walls could begin in the autumn.</li></ul>' +
      '<p>The full papers are published on the <a href="https://example.org/council/flood-plan">council’s website</a>.</p>',
  },
  {
    channel: TOWN_HALL,
    title: 'Library hours to stay the same after budget rethink',
    categories: ['Politics > Policy', 'Culture'],
    place: at(2),
    paragraphs: [
      'Plans to shorten opening hours at three branch libraries have been dropped after more than two thousand people responded to the consultation.',
      'The savings will instead come from sharing a single mobile library between two districts, the council said.',
      'Campaigners welcomed the change but said they would keep watching next year’s budget.',
    ],
  },
  {
    channel: TOWN_HALL,
    title: 'Ten questions for the new school crossing',
    categories: ['Education'],
    place: null,
    paragraphs: [],
    html:
      '<p>Parents on Mill Road have waited six years for a crossing. Now it has been approved, we asked the people who will use it what they want to know.</p>' +
      '<h2>The short version</h2>' +
      '<ul><li>It opens before the autumn term.</li><li>It will have a patrol in the mornings.</li><li>The speed limit drops to 20 mph outside the school.</li></ul>' +
      '<p>We will publish the council’s answers to the rest as soon as we have them.</p>',
  },
];

/** Drafts in the demo account's channel: visible to the demo account only, ready to finish and publish. */
export const DEMO_DRAFTS: DemoArticle[] = [
  {
    channel: TOWN_HALL,
    title: 'Draft: what the bus changes mean for the east end',
    categories: ['Local'],
    place: at(2),
    paragraphs: [],
    html:
      '<h2>Routes</h2><p>Two routes merge from January. Notes from the meeting to be written up.</p>' +
      '<ul><li>Check the new timetable with the operator</li><li>Ask the ward councillors for a comment</li></ul>',
  },
  {
    channel: TOWN_HALL,
    title: 'Draft: a year of the new recycling rules',
    categories: ['Environment'],
    place: null,
    paragraphs: ['Collection figures are in. The first paragraph still needs a number the council has promised by Friday.'],
  },
];
