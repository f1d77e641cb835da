import { PageMeta } from '../components/page-meta';
import { BookmarkIcon, Button, ButtonLink, Card, EmptyState } from '../components/ui';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { uiActions } from '../features/ui/ui-slice';
import { PageHeader } from './parts/page-header';
import './pages.css';

const IDEAS = [
  { title: 'Mood boards', text: 'Gather colours, light and textures before you write a single prompt.' },
  { title: 'Project references', text: 'Keep everything for one client or campaign together and easy to find.' },
  { title: 'Favourites', text: 'Save the community pieces you want to come back to, or learn from.' },
];

export function CollectionPage() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);

  return (
    <>
      <PageMeta
        title="Collections"
        description="Save photos, video, loops, illustrations, GIFs and vectors from the Atelier gallery into your own named collections."
      />
      <PageHeader
        eyebrow="Collections"
        title="Keep what inspires you"
        lead="Collections are named sets of saved pieces, yours or the community's, so the work you care about is always a click away."
      />

      <section className="section section--tight">
        <div className="container">
          <div className="grid">
            {IDEAS.map((idea) => (
              <Card key={idea.title}>
                <h2 className="h4">{idea.title}</h2>
                <p className="muted mt-4">{idea.text}</p>
              </Card>
            ))}
          </div>
          <div className="mt-10">
            {isAuthenticated ? (
              <EmptyState
                icon={<BookmarkIcon size={24} />}
                title="Your collections will appear here"
                description="Open any piece in the gallery and save it to a collection; the collection appears on this page with everything you've added."
                action={<ButtonLink to="/gallery">Browse the gallery</ButtonLink>}
              />
            ) : (
              <EmptyState
                icon={<BookmarkIcon size={24} />}
                title="Sign in to start collecting"
                description="Collections belong to your account, so they follow you to any device."
                action={
                  <>
                    <Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>
                    <Button variant="secondary" onClick={() => dispatch(uiActions.authModalOpened('signup'))}>
                      Create an account
                    </Button>
                  </>
                }
              />
            )}
          </div>
        </div>
      </section>
    </>
  );
}
