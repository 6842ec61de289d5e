-- Issue 30: the engines people see (Google AI Overview and AI Mode, Bing Copilot, the ChatGPT app).
-- A project asks them when its owner turns them on (Full tier and admins); serp_provider picks who reads
-- them (null: SERP_PROVIDER, else the provider with credentials).
alter table projects add column engines boolean not null default false;
alter table projects add column serp_provider text check (serp_provider in ('dataforseo', 'serpapi'));
