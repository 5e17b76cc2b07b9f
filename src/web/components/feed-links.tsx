/** The `<link rel="alternate">` elements that let feed readers find a feed in all three formats (the server's routes). */
export function FeedLinks({ title, feeds }: { title: string; feeds: { rss: string; atom: string; json: string } }) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={feeds.rss} />
      <link rel="alternate" type="application/atom+xml" title={title} href={feeds.atom} />
      <link rel="alternate" type="application/feed+json" title={title} href={feeds.json} />
    </>
  );
}

/** The page's ActivityPub object, which its own address answers under content negotiation (docs/decisions/045-the-social-web.md). */
export function ActivityPubLink({ href }: { href: string }) {
  return <link rel="alternate" type="application/activity+json" href={href} />;
}
