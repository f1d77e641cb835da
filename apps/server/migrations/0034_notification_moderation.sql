-- Moderation notifications (issue #28): a report one made can be the subject of a notification
-- (its subject id is what was reported), and a `moderation` notification says what a moderator
-- did (MODERATION_NOTICES in packages/shared); the moderator's note is its excerpt.
ALTER TABLE notifications DROP CONSTRAINT notifications_subject_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_type_check
  CHECK (subject_type IN ('content', 'user', 'job', 'application', 'report'));
ALTER TABLE notifications ADD COLUMN action text;
