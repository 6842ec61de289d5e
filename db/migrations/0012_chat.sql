-- AI Chat: a conversation is read whole, in order, per user, project and analysis
-- (phase 7 and the stored history an API client's question continues from).
create index chat_messages_conversation_idx on chat_messages (user_id, project_id, analysis_id, created_at, id);
