// Which YouTube URLs a video section accepts, the video and start second each names, and the addresses the facade
// builds from them: the privacy-enhanced player and the watch page a reader without JavaScript follows.
import { parseYouTube } from '../../src/contract/video';
import { embedUrl, watchUrl } from '../../src/contract/videoEmbed';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTube', () => {
  it.each([
    ['a watch URL', `https://www.youtube.com/watch?v=${ID}`, 0],
    ['a watch URL without www', `https://youtube.com/watch?v=${ID}`, 0],
    ['the mobile site', `https://m.youtube.com/watch?v=${ID}&feature=share`, 0],
    ['a short link', `https://youtu.be/${ID}`, 0],
    ['a short link with t=', `https://youtu.be/${ID}?t=90`, 90],
    ['a short link with a share id', `https://youtu.be/${ID}?si=abc123`, 0],
    ['a Short', `https://www.youtube.com/shorts/${ID}`, 0],
    ['an embed URL', `https://www.youtube.com/embed/${ID}?start=42`, 42],
    ['the nocookie embed', `https://www.youtube-nocookie.com/embed/${ID}`, 0],
    ['a live URL', `https://www.youtube.com/live/${ID}?si=x`, 0],
    ['t= in seconds', `https://www.youtube.com/watch?v=${ID}&t=90`, 90],
    ['t= with an s', `https://www.youtube.com/watch?v=${ID}&t=90s`, 90],
    ['t= in minutes and seconds', `https://www.youtube.com/watch?v=${ID}&t=1m30s`, 90],
    ['t= in hours', `https://www.youtube.com/watch?v=${ID}&t=1h2m3s`, 3723],
    ['t= before v=', `https://www.youtube.com/watch?t=15&v=${ID}`, 15],
    ['a fragment t=', `https://www.youtube.com/watch?v=${ID}#t=30`, 30],
    ['an unreadable t=', `https://www.youtube.com/watch?v=${ID}&t=soon`, 0],
    ['http and capitals in the host', `http://WWW.YouTube.com/watch?v=${ID}`, 0],
  ])('reads %s', (_name, url, start) => {
    expect(parseYouTube(url)).toEqual({ videoId: ID, start });
  });

  it.each([
    ['another provider', 'https://vimeo.com/76979871'],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['a host ending in youtube.com', `https://notyoutube.com/watch?v=${ID}`],
    ['a channel', 'https://www.youtube.com/@PremierLeague'],
    ['a playlist alone', 'https://www.youtube.com/playlist?list=PL123'],
    ['a watch URL without v', 'https://www.youtube.com/watch'],
    ['an id too short', 'https://youtu.be/abc'],
    ['an id with a quote', `https://youtu.be/${ID.slice(0, 10)}"`],
    ['a short link with a path', `https://youtu.be/${ID}/extra`],
    ['javascript:', `javascript:alert(1)//youtube.com/watch?v=${ID}`],
    ['a user in the URL', `https://user@youtube.com/watch?v=${ID}`],
    ['a port', `https://youtube.com:8443/watch?v=${ID}`],
    ['not a URL', 'youtube.com/watch?v=' + ID],
    ['nothing', ''],
  ])('refuses %s', (_name, url) => {
    expect(parseYouTube(url)).toBeUndefined();
  });
});

it('builds the player and watch addresses, with the start when there is one', () => {
  expect(embedUrl({ videoId: ID, start: 0 })).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`);
  expect(embedUrl({ videoId: ID, start: 90 })).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&start=90`);
  expect(watchUrl({ videoId: ID, start: 0 })).toBe(`https://www.youtube.com/watch?v=${ID}`);
  expect(watchUrl({ videoId: ID, start: 90 })).toBe(`https://www.youtube.com/watch?v=${ID}&t=90s`);
});
