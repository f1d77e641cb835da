import { useGetSuggestedPeopleQuery } from '../users-api';
import { PeopleList } from './people-list';

/** Makers to follow (the most followed of the last 30 days), for a following feed with nothing in it. */
export function SuggestedPeople() {
  const { data, isLoading } = useGetSuggestedPeopleQuery();
  if (!isLoading && (!data || data.data.length === 0)) return null;
  return (
    <section aria-label="People to follow" className="mt-4">
      <h2 className="h4">People to follow</h2>
      <PeopleList
        people={data?.data}
        pagination={undefined}
        isLoading={isLoading}
        emptyTitle="No suggestions yet"
        onPage={() => undefined}
        label="People to follow"
      />
    </section>
  );
}
