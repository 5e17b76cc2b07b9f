/**
 * Text for the benchmark data: a vocabulary of about 40,000 words drawn with a Zipf distribution
 * (the shape of real English: a few words are everywhere, most are rare), personal names and
 * places. The generator used to draw from forty words, so any two-word phrase matched a large share
 * of all articles and substring search looked far slower than it is on real text.
 */

/** Common English and newsroom words, roughly from most to least frequent. */
const COMMON = `the of and to a in that is was for on it with as he said by at from his be have this are which
but an not they has had were their been would its more will who one about after there or all new when also
people than she up two year her out first we over into last government can years what some them other time
could only may most world three just told against percent state before police because while since those city
country during between under public minister week under four million where through both many president
report health former local according national court months day still group next officials plans work home
security support officials including family work should our council school market well being told part any
service party early area around cases decision political company news business around five money water help
system power law workers members second children women men high program children long found back show
thursday tuesday monday wednesday friday saturday sunday morning night former leader election energy prices
league club season match players coach stadium striker goal final cup title victory defeat draw injury transfer
hospital patients doctors nurses vaccine virus disease treatment research study scientists university students
teachers schools education budget spending taxes inflation interest rates bank economy growth jobs unemployment
wages strike union railway trains buses airport flights ferry bridge tunnel road traffic housing rent homes
building construction planning permission residents village town county region coast river island mountain
storm flood rain snow heat weather climate emissions carbon wind solar nuclear gas oil electricity grid
farmers crops harvest food supply shops retail sales factory production exports imports trade tariffs deal
talks agreement treaty summit ministers parliament senate vote bill debate opposition campaign candidate polls
voters referendum mayor governor judge jury trial prosecutors lawyers evidence charges sentence prison arrest
investigation inquiry report findings evidence witness victims attack crime fire rescue emergency ambulance
museum gallery exhibition artist painting orchestra concert festival theatre film director actor novel author
library archive history heritage church cathedral castle park garden zoo animals wildlife forest conservation
technology software startup app data privacy internet phone network computer engineers robots artificial
intelligence platform users online digital media newspaper television radio broadcast journalist editor
harbour council fishing boats port shipping cargo containers dock workers harbourmaster lighthouse pier
market traders stall vendors street square festival parade crowd protest march rally demonstrators banners`.split(/\s+/);

const FIRST_NAMES = `Amara Ben Chloe Dmitri Elena Farid Grace Hiroshi Ines Jonas Kemi Liam Maya Nikolai Olivia Priya Quentin
Rosa Samuel Tariq Ursula Victor Wanjiru Xavier Yusuf Zara Aisha Bruno Carmen Daniel Esther Felix Gabriela Hamid
Isabel James Katarzyna Lucas Mariam Nathan Omar Paula Ravi Sofia Thomas Valentina William Yara Ahmed Beatriz
Chen Diego Emma Fatima Giovanni Hannah Ivan Julia Kwame Laura Mohammed Nadia Oscar Pablo Rachel Sean Tomas`.split(/\s+/);
const SURNAMES = `Okafor Smith Nguyen Garcia Müller Rossi Kowalski Haddad Tanaka Silva Johnson Petrov Mensah Dubois
Andersen Kaur Fernandez O'Brien Cohen Yilmaz Jensen Novak Ivanova Moreau Ahmed Kim Lopez Brown Martin Wilson
Schmidt Costa Hughes Rahman Sato Kariuki Walsh Lindqvist Popescu Alvarez Murphy Chowdhury Bianchi Wright`.split(/\s+/);

/** Deterministic pseudo-random numbers (mulberry32), so two runs at one scale build the same data. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pronounceable made-up words for the long tail of the vocabulary. */
function syntheticWords(count: number, random: () => number, taken: Set<string>): string[] {
  const onsets = ['b', 'br', 'c', 'ch', 'cl', 'd', 'dr', 'f', 'fl', 'g', 'gr', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'pl', 'pr', 'r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'z'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io', 'ee'];
  const codas = ['', '', 'n', 'r', 's', 't', 'l', 'nd', 'st', 'ck', 'm', 'ng', 'x'];
  const suffixes = ['', '', '', 'ing', 'ed', 'er', 'ion', 'ly', 'ment', 'ness', 'al', 'ity', 'ous', 's'];
  const out: string[] = [];
  while (out.length < count) {
    const syllables = 1 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < syllables; i++) word += onsets[Math.floor(random() * onsets.length)]! + vowels[Math.floor(random() * vowels.length)]!;
    word += codas[Math.floor(random() * codas.length)]! + suffixes[Math.floor(random() * suffixes.length)]!;
    if (word.length >= 3 && !taken.has(word)) {
      taken.add(word);
      out.push(word);
    }
  }
  return out;
}

export interface Vocabulary {
  word(): string;
  name(): string;
}

/**
 * A Zipf-distributed word source (exponent 1, as in natural language): word of rank r is drawn
 * with probability proportional to 1/r. Drawing is one table lookup: a table of 2^20 slots where
 * each word holds slots in proportion to its probability (at least one).
 */
export function createVocabulary(random: () => number, size = 40_000): Vocabulary {
  const common = [...new Set(COMMON.filter(Boolean))];
  const words = [...common, ...syntheticWords(size - common.length, random, new Set(common))];
  const SLOTS = 1 << 20;
  let harmonic = 0;
  for (let r = 1; r <= words.length; r++) harmonic += 1 / r;
  const table = new Uint32Array(SLOTS);
  // Reserve one slot for every word, then share the rest by probability from the most frequent down.
  let slot = 0;
  const free = SLOTS - words.length;
  for (let r = 1; r <= words.length && slot < SLOTS; r++) {
    const n = 1 + Math.floor((free * (1 / r)) / harmonic);
    for (let k = 0; k < n && slot < SLOTS; k++) table[slot++] = r - 1;
  }
  while (slot < SLOTS) table[slot++] = 0;
  return {
    word: () => words[table[Math.floor(random() * SLOTS)]!]!,
    name: () => `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!} ${SURNAMES[Math.floor(random() * SURNAMES.length)]!}`,
  };
}
