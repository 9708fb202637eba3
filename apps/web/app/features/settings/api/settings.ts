import type { CardGatewayStatus, ShopSettings, ShopSettingsPatch } from "@shop/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";

export const settingsKey = ["settings"] as const;

/** Every setting, defaults included (staff only). */
export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiRequest<ShopSettings>("/api/settings") });
}

/** Whether the server has a card gateway, and in which mode (it never answers a key). */
export function useCardGateway() {
  return useQuery({
    queryKey: [...settingsKey, "card-gateway"],
    queryFn: () => apiRequest<CardGatewayStatus>("/api/settings/card-gateway"),
  });
}

/**
 * A change to the settings: PATCH with the changed part, PUT or DELETE of the logo. The server's
 * answer (every setting) becomes the page's copy at once.
 */
function useSettingsChange<Input>(send: (input: Input) => Promise<ShopSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

export const useSaveSettings = () =>
  useSettingsChange((patch: ShopSettingsPatch) =>
    apiRequest<ShopSettings>("/api/settings", { method: "PATCH", body: patch }),
  );

export const useSetLogo = () =>
  useSettingsChange((logo: File) => {
    const body = new FormData();
    body.set("logo", logo);
    return apiRequest<ShopSettings>("/api/settings/logo", { method: "PUT", body });
  });

export const useRemoveLogo = () =>
  useSettingsChange(() => apiRequest<ShopSettings>("/api/settings/logo", { method: "DELETE" }));
