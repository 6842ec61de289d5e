-- Demo mode: a call answered by the model simulator costs nothing. Its estimated cost is kept (what it
-- would cost with real keys, shown as such on Profile & Limits) but marked simulated, and the daily cost cap counts
-- only the calls that are not.
alter table api_responses add column if not exists simulated boolean not null default false;
alter table persona_responses add column if not exists simulated boolean not null default false;
alter table model_usage add column if not exists simulated boolean not null default false;
