def model_loss(model: nn.Module, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return model(idx, targets)[1]


def make_step(replica: Replica, forward: nn.Module | Callable, loss_fn: LossFn = model_loss
              ) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """The training step: `forward` is the replica's model, or its compiled version."""
    model, optimizer = replica.model, replica.optimizer

    def step(idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(forward, idx, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), minigpt.CLIP_NORM)
        optimizer.step()
        return loss

    return step
