/** Users' face: profiles, follows, people lists and stats. */
export { DownloadArchiveButton } from './components/download-archive-button';
export { FollowButton } from './components/follow-button';
export { PeopleList } from './components/people-list';
export { useGetFollowListQuery, useGetProfileByUsernameQuery, useGetUserStatsQuery } from './users-api';
export { SuggestedPeople } from './components/suggested-people';
