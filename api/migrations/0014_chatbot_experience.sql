-- What a chatbot does for customers beyond its look (Settings › Customize): a greeting, where the
-- launcher sits and what it says, a pre-chat form, business hours and an away message. Shapes
-- and bounds are checked by the API (shared-sdk schemas/chatbot-experience.ts); the defaults are
-- the widget as it was before: no greeting, launcher bottom right with no label, no form, always
-- open.
alter table chatbots
  add column greeting_message text not null default '',
  add column launcher_position text not null default 'right'
    check (launcher_position in ('left', 'right')),
  add column launcher_label text not null default '',
  add column pre_chat_form jsonb not null default '{"name": "off", "email": "off"}',
  add column business_hours jsonb not null
    default '{"enabled": false, "timeZone": "UTC", "intervals": []}',
  add column away_message text not null default '';

-- When the visitor answered the pre-chat form: a returning visitor is not asked again (unless a
-- question the admin has since made required is still unanswered).
alter table customers add column pre_chat_answered_at timestamptz(3);
