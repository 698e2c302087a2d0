import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  isWidgetReadyMessage,
  widgetPreviewMessage,
  widgetPreviewUrl,
  type WidgetChatbot,
} from 'shared-sdk';

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: 560px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * The real chat window, framed in preview mode: it shows sample messages in `chatbot` (the
 * draft, unsaved) and creates no visitor or conversation. Each change is posted to it once it
 * has said it listens.
 */
export function WidgetPreview({ chatbot }: { chatbot: WidgetChatbot }) {
  const { t } = useTranslation('customize');
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const origin = window.location.origin;
  const src = widgetPreviewUrl(origin);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source || event.origin !== origin) return;
      if (isWidgetReadyMessage(event.data)) setReady(true);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  useEffect(() => {
    if (ready) frame.current?.contentWindow?.postMessage(widgetPreviewMessage(chatbot), origin);
  }, [ready, chatbot, origin]);

  return <Frame ref={frame} src={src} title={t('preview.frameTitle')} />;
}
