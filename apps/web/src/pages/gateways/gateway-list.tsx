import type { AnyResource, EndpointDef, GatewayDevice } from '@console/contract';
import { useMemo } from 'react';
import type { WebResource } from '../../components/resource/define-web-resource';
import type { ListAddress } from '../../components/resource/list-address';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { DeviceStatusTool } from './device-status-tool';
import { useGatewayActions } from './gateway-actions';

/**
 * A gateway list with live status, the shared row actions and the by-serial status lookup (a
 * toolbar tool, beside the list's one search bar): the platform's 网关设备 and a provider's differ
 * only in the web resource, unbind endpoint and ban.
 */
export function GatewayList<R extends AnyResource>(props: {
  web: WebResource<R, GatewayDevice>;
  unbind: EndpointDef;
  canBan: boolean;
  address?: ListAddress;
}) {
  const { rowActions, element } = useGatewayActions({ unbind: props.unbind, canBan: props.canBan });
  const web = useMemo(
    () => ({
      ...props.web,
      rowActions: [...rowActions, ...props.web.rowActions],
      // What an operator does most with a gateway: look at it, ask it how it is, restart it.
      rowActionOrder: ['view', 'queryStatus', 'restart'],
      toolbarExtra: DeviceStatusTool,
    }),
    [props.web, rowActions],
  );
  return (
    <>
      <ResourceListPage web={web} address={props.address} />
      {element}
    </>
  );
}
